import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  DISPLAY_CODE_ATTEMPTS_PER_MINUTE,
  DisplayCodeBody,
  DisplayCodeResponse,
  DisplayLinkListResponse,
  DisplayLinkRevealBody,
  DisplayLinkRevealResponse,
  DisplayLinkRevokeBody,
  DisplayLinkRevokeResponse,
  DisplayLinkSaveBody,
  DisplayLinkSaveResponse,
  DisplayMessages,
  DisplayPaths,
  DisplaySessionResponse,
} from '../contract/display-links.ts';

const tags = ['display'];

/**
 * 大屏链接 (issue 20): staff list, create, edit and revoke the read-only links of control-room TVs;
 * a TV trades its short code for its token and asks what its link shows. A display token reaches
 * only `session` of these; a staff token never gets a display session.
 */
export const DisplayEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: DisplayPaths.list,
    response: DisplayLinkListResponse,
    permission: Permission.displayManage,
    tags,
    summary: 'The display links the user may manage',
    description: "A customer's manager sees his organisation's links, provider staff all. Tokens are never listed.",
  }),
  save: defineEndpoint({
    method: 'POST',
    path: DisplayPaths.save,
    input: DisplayLinkSaveBody,
    response: DisplayLinkSaveResponse,
    refusals: [404, 409],
    permission: Permission.displayManage,
    tags,
    summary: 'Create (no id) or edit a display link',
    description:
      'The token is answered once, when the link is created; an edit keeps it. Customers and sales areas must be within the ' +
      `user's scope (400 ${DisplayMessages.outOfScope}); expiresAt must be ahead (400 ${DisplayMessages.expiryPast}).`,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: DisplayPaths.revoke,
    input: DisplayLinkRevokeBody,
    response: DisplayLinkRevokeResponse,
    refusals: [404],
    permission: Permission.displayManage,
    tags,
    summary: 'Revoke a display link',
    description: 'Every call with its token is refused from now on (401); its screens learn it within one heartbeat.',
  }),
  reveal: defineEndpoint({
    method: 'POST',
    path: DisplayPaths.reveal,
    input: DisplayLinkRevealBody,
    response: DisplayLinkRevealResponse,
    refusals: [403, 404],
    permission: Permission.displayManage,
    tags,
    summary: "A display link's token and short code again, for who manages it",
    description:
      `For the link's owner's manager and the provider's staff; anyone else gets 403 ${DisplayMessages.notManager}. ` +
      `A revoked link, or one made before its token was kept, has none to give (400). Every copy is recorded and listed.`,
  }),
  redeem: defineEndpoint({
    method: 'POST',
    path: DisplayPaths.redeem,
    input: DisplayCodeBody,
    response: DisplayCodeResponse,
    refusals: [404, 429],
    access: 'public',
    tags,
    summary: "A TV's short code for its link's token",
    description:
      `No session: the TV has none yet. At most ${DISPLAY_CODE_ATTEMPTS_PER_MINUTE} tries a minute per address (429). ` +
      `404 ${DisplayMessages.codeUnknown} for a code that matches no link; 400 when the link is revoked or has expired.`,
  }),
  session: defineEndpoint({
    method: 'GET',
    path: DisplayPaths.session,
    response: DisplaySessionResponse,
    access: 'display',
    tags,
    summary: "A display token's link: its name, scopes and dwell",
    description: `Called by the TV every DISPLAY_HEARTBEAT_MS. 401 ${DisplayMessages.revoked} / ${DisplayMessages.expired} when the link has ended; 401 for a staff token.`,
  }),
};
