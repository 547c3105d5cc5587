export { ListScreen } from './ListScreen.tsx';
