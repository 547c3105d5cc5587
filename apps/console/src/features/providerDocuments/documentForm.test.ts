import { describe, expect, it } from 'vitest';
import { ProviderDocumentMessages } from '@pest/shared';
import { documentBody, newDocumentValues } from './documentForm.ts';

const filled = { ...newDocumentValues(), name: ' 营业执照 ', fileUrl: '/api/oss/uploads/u1/a.png?expires=1', validFrom: '2026-01-01' };

describe('documentBody', () => {
  it('asks for the image and the start day before anything else', () => {
    expect(documentBody({ ...filled, fileUrl: null })).toEqual({ ok: false, problem: { key: 'fileRequired' } });
    expect(documentBody({ ...filled, validFrom: '' })).toEqual({ ok: false, problem: { key: 'validFromRequired' } });
  });

  it('says the shared rule\'s message for a blank name or an end before the start', () => {
    expect(documentBody({ ...filled, name: '  ' })).toEqual({ ok: false, problem: { message: ProviderDocumentMessages.nameBlank } });
    expect(documentBody({ ...filled, validTo: '2025-12-31' })).toEqual({ ok: false, problem: { message: ProviderDocumentMessages.validToBeforeFrom } });
  });

  it('sends a trimmed name, no end as null, and the id only for an edit', () => {
    expect(documentBody(filled)).toEqual({
      ok: true,
      body: { kind: 'businessLicence', name: '营业执照', fileUrl: filled.fileUrl, validFrom: '2026-01-01', validTo: null },
    });
    const edit = documentBody({ ...filled, validTo: '2026-12-31' }, { id: 7, version: 2 });
    expect(edit.ok && edit.body).toMatchObject({ id: 7, version: 2, validTo: '2026-12-31' });
  });
});
