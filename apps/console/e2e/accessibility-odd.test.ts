import { describeScreenAccessibility } from './screenAccessibility.ts';

describeScreenAccessibility(1);
