export { PlacementMap } from './PlacementMap.tsx';
