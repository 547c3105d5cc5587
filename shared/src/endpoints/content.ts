import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  ContentDetailQuery,
  ContentDetailResponse,
  ContentDoneResponse,
  ContentListBody,
  ContentListResponse,
  ContentPaths,
  ContentSaveBody,
  ContentSaveResponse,
  ContentUnreadResponse,
  ContentWithdrawBody,
  LatestNoticeResponse,
} from '../contract/content.ts';

const tags = ['content'];
const versioned = 'With version, a save over someone else\'s is refused (409).';
const readers = 'A customer\'s manager reads those published to their organisation or to every customer; those who manage content see drafts and withdrawn ones too.';

/** 内容: notices and knowledge articles, written by staff, read by those they are published to. */
export const ContentEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: ContentPaths.list,
    input: ContentListBody,
    response: ContentListResponse,
    permission: Permission.contentView,
    tags,
    summary: 'Notices and articles, newest first, each with whether the caller has read it',
    description: readers,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: ContentPaths.detail,
    input: ContentDetailQuery,
    response: ContentDetailResponse,
    refusals: [404],
    permission: Permission.contentView,
    tags,
    summary: 'One notice or article with its sanitised HTML; opening a published one marks it read for the caller',
    description: readers,
  }),
  save: defineEndpoint({
    method: 'POST',
    path: ContentPaths.save,
    input: ContentSaveBody,
    response: ContentSaveResponse,
    refusals: [404, 409],
    permission: Permission.contentManage,
    tags,
    summary: 'Write a notice or article (no id) or edit one: kind, title, HTML, the organisations it is for (null: all), published or a draft',
    description:
      'The HTML is sanitised to an allow-list (headings, paragraphs, lists, bold, italic, links http/https/mailto, tables, images of our own store); ' +
      `anything else is dropped. ${versioned}`,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: ContentPaths.withdraw,
    input: ContentWithdrawBody,
    response: ContentDoneResponse,
    refusals: [404, 409],
    permission: Permission.contentManage,
    tags,
    summary: 'Withdraw (撤回) a published notice or article: its readers no longer see it; it is kept and may be published again',
    description: versioned,
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: ContentPaths.unread,
    response: ContentUnreadResponse,
    permission: Permission.contentView,
    tags,
    summary: 'How many published notices for the caller the caller has not opened (the navbar\'s mark)',
  }),
  latestNotice: defineEndpoint({
    method: 'GET',
    path: ContentPaths.latestNotice,
    response: LatestNoticeResponse,
    permission: Permission.contentView,
    access: 'display',
    tags,
    summary: 'The newest published notice for the caller (a display link: for the customers its screen shows), as plain text; null when there is none',
  }),
};
