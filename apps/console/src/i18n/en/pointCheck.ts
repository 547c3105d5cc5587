import type { Resources } from '../zh/index.ts';

const pointCheck: Resources['pointCheck'] = {
  back: 'Back to service reports',
  jobCode: 'Job order no.: {{code}}',
  jobStore: 'Store: {{store}}',
  missingJobTitle: 'No job order chosen',
  missingJobHint: 'Open a point check from the service report list.',
  empty: 'Sorry, there is no data here yet!',
  materials: {
    title: 'Materials used',
    empty: 'No pesticides or consumables were used on this visit',
    materialName: 'Product',
    kind: 'Type',
    registrationNo: 'Pesticide registration no.',
    activeIngredient: 'Active ingredient',
    lotNo: 'Lot no.',
    quantity: 'Quantity',
    regionName: 'Applied at',
    kinds: { rodenticide: 'Rodenticide', insecticide: 'Insecticide', bait: 'Bait', glueBoard: 'Glue board', consumable: 'Consumable' },
    units: { sheet: '{{quantity}} sheet(s)', tube: '{{quantity}} tube(s)', piece: '{{quantity}} pc(s)' },
  },
};

export default pointCheck;
