import { describeScreenAccessibility } from './screenAccessibility.ts';

describeScreenAccessibility(0);
