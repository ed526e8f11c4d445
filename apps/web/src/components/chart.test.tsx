import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnglish, renderWithProviders } from '../test/render';
import { ChartFigure, toCsv } from './chart';

beforeAll(loadEnglish);

describe('ChartFigure', () => {
  const series = [
    { label: 'Submissions', values: [3, 5] },
    { label: 'Reviews', values: [2, 4] },
  ];

  it('shows the numbers as a table with a header per series', () => {
    renderWithProviders(
      <ChartFigure
        title="Work per week"
        labels={['W1', 'W2']}
        series={series}
        csvName="work"
        labelHeading="Week"
      />,
    );
    const table = screen.getByTestId('chart-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week', 'Submissions', 'Reviews']);
    const week2 = within(table).getByRole('rowheader', { name: 'W2' }).closest('tr')!;
    expect(
      within(week2)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '4']);
  });

  it('offers the same numbers as a CSV download named after the chart', () => {
    renderWithProviders(
      <ChartFigure
        title="Work per week"
        labels={['W1', 'W2']}
        series={series}
        csvName="work"
        labelHeading="Week"
      />,
    );
    const link = screen.getByTestId('chart-csv');
    expect(link).toHaveAttribute('download', 'work.csv');
    const csv = decodeURIComponent(link.getAttribute('href')!.split(',').slice(1).join(','));
    expect(csv).toBe('\uFEFFWeek,Submissions,Reviews\r\nW1,3,2\r\nW2,5,4\r\n');
  });
});

describe('toCsv', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 4]])).toBe('"a,b","say ""hi""","two\nlines",4\r\n');
  });
});
