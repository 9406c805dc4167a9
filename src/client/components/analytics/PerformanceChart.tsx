// The Performance tab's chart (recharts, loaded with this tab only): rank percentile and score per
// finished contest over time, two lines on two axes. Its text alternative is a visually hidden
// table of the same numbers.
import { Box, Table, VisuallyHidden } from '@chakra-ui/react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { percentText, type ChartPoint } from './analyticsDisplay';

// Chakra's theme variables, so the lines and labels follow the light and dark themes.
const PERCENTILE = 'var(--chakra-colors-purple-fg)';
const SCORE = 'var(--chakra-colors-teal-fg)';
/** The two lines, each on its own axis (yAxisId is the data key). */
const LINES = [
  { key: 'percentile', name: 'Percentile', stroke: PERCENTILE },
  { key: 'score', name: 'Score', stroke: SCORE },
] as const;
const MUTED = 'var(--chakra-colors-fg-muted)';
const GRID = 'var(--chakra-colors-border)';
const TOOLTIP_STYLE = {
  background: 'var(--chakra-colors-bg-panel)',
  border: '1px solid var(--chakra-colors-border)',
  color: 'var(--chakra-colors-fg)',
};

function DataTable({ points }: { points: ChartPoint[] }) {
  return (
    <VisuallyHidden>
      <Table.Root>
        <Table.Caption>Rank percentile and score per contest, oldest first</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Contest</Table.ColumnHeader>
            <Table.ColumnHeader>Ended</Table.ColumnHeader>
            <Table.ColumnHeader>Percentile</Table.ColumnHeader>
            <Table.ColumnHeader>Score</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {points.map((p, i) => (
            <Table.Row key={i}>
              <Table.Cell>{p.title}</Table.Cell>
              <Table.Cell>{p.label}</Table.Cell>
              <Table.Cell>{percentText(p.percentile)}</Table.Cell>
              <Table.Cell>{p.place ? `${p.place} place` : `${p.scoreText} pts`}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </VisuallyHidden>
  );
}

export default function PerformanceChart({ points }: { points: ChartPoint[] }) {
  return (
    <Box as="figure" m="0">
      <Box aria-hidden h="80" w="full" minW="0" fontSize="xs">
        <ResponsiveContainer width="100%" height="100%">
          {/* The chart is hidden from screen readers (the table below tells the same), so its
              own keyboard layer would only be a focus stop with nothing to say. */}
          <LineChart
            data={points}
            margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
            <XAxis dataKey="label" stroke={MUTED} tick={{ fill: MUTED }} />
            <YAxis
              yAxisId="percentile"
              domain={[0, 100]}
              unit="%"
              stroke={MUTED}
              tick={{ fill: MUTED }}
              width={48}
            />
            <YAxis
              yAxisId="score"
              orientation="right"
              stroke={MUTED}
              tick={{ fill: MUTED }}
              width={56}
            />
            <Tooltip contentStyle={TOOLTIP_STYLE} />
            <Legend />
            {LINES.map(({ key, name, stroke }) => (
              <Line
                key={key}
                yAxisId={key}
                type="monotone"
                dataKey={key}
                name={name}
                stroke={stroke}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </Box>
      <Box as="figcaption" fontSize="sm" color="fg.muted" mt="2">
        Your rank percentile (left axis) and score (right axis) in each finished contest.
      </Box>
      <DataTable points={points} />
    </Box>
  );
}
