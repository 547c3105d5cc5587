export { ImportButton } from './ImportButton.tsx';
