export { PlacementMap, PLACEMENT_EXPORT_NAME } from './PlacementMap.tsx';
