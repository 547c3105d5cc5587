// echarts-gl ships no type declarations; its installers are ordinary echarts extensions.
type EChartsExtension = Extract<Parameters<(typeof import('echarts/core'))['use']>[0], (...args: never[]) => void>;
declare module 'echarts-gl/charts' {
  export const Bar3DChart: EChartsExtension;
}
declare module 'echarts-gl/components' {
  export const Grid3DComponent: EChartsExtension;
}
