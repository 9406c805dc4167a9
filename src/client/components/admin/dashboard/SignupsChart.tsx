// Sign-ups per day as a small bar chart (recharts, loaded only with the admin dashboard). The
// chart is a picture for sighted users; screen readers get the summary and a table instead.
import { Box, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, summarizeSignups, type SignupDay } from './signups';

export function SignupsChart({ days }: { days: readonly SignupDay[] }) {
  const data = days.map((d) => ({ day: formatDay(d.date), count: d.count }));
  return (
    <Box>
      <Text color="fg.muted" fontSize="sm" mb="3">
        {summarizeSignups(days)}
      </Text>
      <Box aria-hidden="true" h="200px" w="full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            accessibilityLayer={false}
            margin={{ top: 4, right: 8, left: -16, bottom: 0 }}
          >
            <CartesianGrid
              strokeDasharray="3 3"
              stroke="var(--chakra-colors-border)"
              vertical={false}
            />
            <XAxis
              dataKey="day"
              tick={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 12 }}
              interval="preserveStartEnd"
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fill: 'var(--chakra-colors-fg-muted)', fontSize: 12 }}
              width={40}
            />
            <Tooltip
              cursor={{ fill: 'var(--chakra-colors-bg-muted)' }}
              contentStyle={{
                background: 'var(--chakra-colors-bg-panel)',
                border: '1px solid var(--chakra-colors-border)',
                color: 'var(--chakra-colors-fg)',
              }}
              formatter={(value) => [value, 'Sign-ups']}
            />
            <Bar
              dataKey="count"
              name="Sign-ups"
              fill="var(--chakra-colors-purple-solid)"
              radius={[3, 3, 0, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>Sign-ups per day, last {days.length} days</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Day</Table.ColumnHeader>
              <Table.ColumnHeader>Sign-ups</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {days.map((d) => (
              <Table.Row key={d.date}>
                <Table.Cell>{formatDay(d.date)}</Table.Cell>
                <Table.Cell>{d.count}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
