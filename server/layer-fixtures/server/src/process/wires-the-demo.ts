import { generatedStores } from '../demo/generated-world.ts';

export const demoStores = generatedStores.length;
