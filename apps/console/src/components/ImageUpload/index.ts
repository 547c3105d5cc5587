export { ImageUpload } from './ImageUpload.tsx';
