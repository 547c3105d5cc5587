export { ContentHtml } from './ContentHtml.tsx';
