import type { Resources } from '../zh/index.ts';

const audit: Resources['audit'] = {
  objectType: 'Object type',
  objectId: 'Object ID',
  query: 'Search',
  reset: 'Reset',
  note: 'Entries cannot be changed or deleted',
};
export default audit;
