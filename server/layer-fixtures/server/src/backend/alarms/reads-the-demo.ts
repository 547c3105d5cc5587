import { generatedStores } from '../../demo/generated-world.ts';

export const firstStore = generatedStores[0];
