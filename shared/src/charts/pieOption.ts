import type { ChartOption } from './chartOption.ts';

export interface PieSlice {
  name: string;
  value: number;
}

/** A share chart (the density comparison of screen 9): one slice per name, labelled with its percentage. */
export function pieOption(slices: readonly PieSlice[], title?: string): ChartOption {
  return {
    title: title ? { text: title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', bottom: 0 },
    series: [
      {
        type: 'pie',
        name: title,
        radius: ['35%', '62%'],
        center: ['50%', '50%'],
        label: { formatter: '{b}\n{d}%' },
        data: slices.map((slice) => ({ ...slice })),
      },
    ],
  };
}

/** Names and numbers side by side (nameList / numberList) as slices; slices of nothing are left out. */
export function slicesOf(names: readonly string[], numbers: readonly number[]): PieSlice[] {
  return names.map((name, index) => ({ name, value: numbers[index] ?? 0 })).filter((slice) => slice.value > 0);
}
