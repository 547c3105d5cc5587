export { EditDeleteActions } from './EditDeleteActions.tsx';
