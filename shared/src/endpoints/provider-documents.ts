import { defineEndpoint } from '../api/endpoint.ts';
import {
  ProviderDocumentDeleteBody,
  ProviderDocumentDeleteResponse,
  ProviderDocumentListResponse,
  ProviderDocumentPaths,
  ProviderDocumentSaveBody,
  ProviderDocumentSaveResponse,
} from '../contract/provider-documents.ts';

const tags = ['provider documents'];

/** 资质文件: the provider's licences, read by every account, kept by provider staff. */
export const ProviderDocumentEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: ProviderDocumentPaths.list,
    response: ProviderDocumentListResponse,
    tags,
    summary: "The provider's documents (licences), each with a signed link to its image and whether it is valid today",
  }),
  save: defineEndpoint({
    method: 'POST',
    path: ProviderDocumentPaths.save,
    input: ProviderDocumentSaveBody,
    response: ProviderDocumentSaveResponse,
    refusals: [403, 404, 409],
    tags,
    summary: 'Add (no id) or edit a document; provider staff only',
    description: 'name 1–60 characters (trimmed); fileUrl an image our object storage served (its signed link may be sent back); validTo null or not before validFrom.',
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: ProviderDocumentPaths.delete,
    input: ProviderDocumentDeleteBody,
    response: ProviderDocumentDeleteResponse,
    refusals: [403, 404],
    tags,
    summary: 'Delete a document; provider staff only',
  }),
};
