// A statement's figures under the contest's rules, as labelled facts.
import { DataList } from '@chakra-ui/react';
import type { TStatementView } from '../../../shared/schemas/trading';
import { DataFact } from '../common/DataFact';
import { figureText, moneyText, percentText } from './tradingDisplay';

type Figures = TStatementView['figures'];

export function FiguresList({ figures, currency }: { figures: Figures; currency: string | null }) {
  const f = figures;
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label="Figures">
      <DataFact label="Starting balance">{moneyText(f.startingBalance, currency)}</DataFact>
      <DataFact label="Net profit">{moneyText(f.netProfit, currency)}</DataFact>
      <DataFact label="Return">{percentText(f.returnPct)}</DataFact>
      <DataFact label="Maximum drawdown">
        {moneyText(f.maxDrawdown, currency)} ({percentText(f.maxDrawdownPct)})
      </DataFact>
      <DataFact label="Worst day">
        {f.worstDay
          ? `${f.worstDay.date}: ${moneyText(f.worstDay.loss, currency)} (${percentText(f.worstDay.lossPct)})`
          : figureText(null)}
      </DataFact>
      <DataFact label="Winning trades">{percentText(f.winRatePct)}</DataFact>
      <DataFact label="Profit factor">{figureText(f.profitFactor)}</DataFact>
      <DataFact label="Average trade">{moneyText(f.averageTrade, currency)}</DataFact>
      <DataFact label="Trading days">{f.tradingDays}</DataFact>
    </DataList.Root>
  );
}
