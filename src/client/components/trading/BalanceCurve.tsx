// A trader's counted balance over the window, as a small line on their board row (recharts,
// loaded with the board only). The line is hidden from screen readers: the text beside it says
// where the balance started, where it ended and its lowest point.
import { Box, VisuallyHidden } from '@chakra-ui/react';
import { Line, LineChart, YAxis } from 'recharts';
import type { TTradingBoardRow } from '../../../shared/schemas/trading';
import { curveText } from './tradingDisplay';

const STROKE = 'var(--chakra-colors-purple-fg)';

export default function BalanceCurve({ curve }: { curve: TTradingBoardRow['curve'] }) {
  // Plotted as numbers: a picture's precision, never a figure shown as text.
  const points = curve.map((p) => ({ balance: Number(p.balance) }));
  return (
    <Box as="span" display="inline-block">
      <Box aria-hidden w="120px" h="32px">
        {points.length > 1 ? (
          <LineChart width={120} height={32} data={points} accessibilityLayer={false}>
            <YAxis hide domain={['dataMin', 'dataMax']} />
            <Line
              type="monotone"
              dataKey="balance"
              stroke={STROKE}
              strokeWidth={1.5}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        ) : null}
      </Box>
      <VisuallyHidden>{curveText(curve)}</VisuallyHidden>
    </Box>
  );
}
