export { FormModal } from './FormModal.tsx';
