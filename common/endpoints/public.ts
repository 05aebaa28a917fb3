import {
  publicPageListSchema,
  publicPageParamsSchema,
  publicPageSchema,
  publicPagesQuerySchema,
  publicTagListSchema,
  publicTagsQuerySchema,
} from '../public-api';
import { declare } from './define';

export const publicApi = declare({
  // The headless content API (docs/api.md): published pages for any site, never a session read.
  pages: {
    method: 'GET',
    path: '/api/public/pages',
    access: 'public',
    tag: 'public',
    en: 'Published pages of a language',
    fa: 'صفحه‌های منتشرشدهٔ یک زبان',
    query: publicPagesQuerySchema,
    response: { name: 'PublicPageList', schema: publicPageListSchema },
    errors: [304],
  },
  page: {
    method: 'GET',
    path: '/api/public/pages/:locale/:path{.+}',
    access: 'public',
    tag: 'public',
    en: 'One published page with its HTML and contents',
    fa: 'یک صفحهٔ منتشرشده با HTML و فهرست مطالبش',
    params: publicPageParamsSchema,
    response: { name: 'PublicPage', schema: publicPageSchema },
    errors: [304],
  },
  tags: {
    method: 'GET',
    path: '/api/public/tags',
    access: 'public',
    tag: 'public',
    en: 'The tags of a language, most used first',
    fa: 'برچسب‌های یک زبان، پرکاربردترین در آغاز',
    query: publicTagsQuerySchema,
    response: { name: 'PublicTagList', schema: publicTagListSchema },
    errors: [304],
  },
});
