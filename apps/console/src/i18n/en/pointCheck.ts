import type { Resources } from '../zh/index.ts';

const pointCheck: Resources['pointCheck'] = {
  back: 'Back to service reports',
  jobCode: 'Job order no.: {{code}}',
  jobStore: 'Store: {{store}}',
  missingJobTitle: 'No job order chosen',
  missingJobHint: 'Open a point check from the service report list.',
  empty: 'Sorry, there is no data here yet!',
};

export default pointCheck;
