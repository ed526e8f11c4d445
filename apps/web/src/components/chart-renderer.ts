/** Chart.js with only the parts the dashboards draw (bar and line charts), as its own lazy chunk. */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

export interface ChartSeries {
  label: string;
  values: number[];
}

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

export function drawChart(
  canvas: HTMLCanvasElement,
  options: { kind: 'bar' | 'line'; labels: string[]; series: ChartSeries[]; colours: string[] },
) {
  return new Chart(canvas, {
    type: options.kind,
    data: {
      labels: options.labels,
      datasets: options.series.map((one, index) => {
        const colour = options.colours[index % options.colours.length]!;
        return { label: one.label, data: one.values, backgroundColor: colour, borderColor: colour };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      plugins: { legend: { display: options.series.length > 1, position: 'bottom' } },
    },
  });
}
