import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartSeries = { label: string; values: number[]; colour: string };

type BarChartProps = {
  /** What the chart shows, for screen readers; the numbers themselves are in the table it names. */
  label: string;
  /** The id of the table that holds the same numbers as text. */
  describedBy: string;
  /** One label per bar (or per point of a line). */
  categories: string[];
  series: ChartSeries[];
  /** Bars for one series; lines with points for several, which grouped bars would crowd on a phone. */
  kind?: 'bars' | 'lines';
  /** The axis's numbers, e.g. ₹ in lakh grouping. */
  formatValue: (value: number) => string;
  height?: number;
};

const MIN_WIDTH = 280;

/**
 * A small uPlot chart (docs/decisions/020: 50 KB of JavaScript where the alternatives weigh several times
 * more). Categories sit at x = 0, 1, 2…; the canvas is drawn to the width of its box and redrawn when it
 * changes (a phone turned, the navigation opened).
 */
export function BarChart({ label, describedBy, categories, series, kind = 'bars', formatValue, height = 220 }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(MIN_WIDTH, element.clientWidth);
    const bars = uPlot.paths.bars?.({ size: [0.6, 48], align: 0 });
    const chart = new uPlot(
      {
        width: width(),
        height,
        legend: { show: series.length > 1, live: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, categories.length - 0.5] },
          y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            splits: () => categories.map((_category, index) => index),
            values: (_chart, splits) => splits.map((split) => categories[split] ?? ''),
            gap: 4,
            size: 36,
          },
          { values: (_chart, splits) => splits.map((split) => formatValue(split)), size: 80 },
        ],
        series: [
          {},
          ...series.map((one) =>
            kind === 'bars'
              ? { label: one.label, fill: one.colour, stroke: one.colour, width: 0, paths: bars, points: { show: false } }
              : { label: one.label, stroke: one.colour, width: 2, points: { show: true, size: 6, fill: one.colour } },
          ),
        ],
      },
      [categories.map((_category, index) => index), ...series.map((one) => one.values)],
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [categories, series, kind, formatValue, height]);

  return <Box ref={box} role="img" aria-label={label} aria-describedby={describedBy} style={{ overflow: 'hidden' }} />;
}
