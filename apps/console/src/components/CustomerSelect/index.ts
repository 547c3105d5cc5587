export { CustomerSelect } from './CustomerSelect.tsx';
