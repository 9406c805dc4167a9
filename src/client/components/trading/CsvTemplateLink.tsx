// The CSV statement template as a download (issue 34), for traders whose platform writes neither
// a MetaTrader 5 report nor a MetaTrader 4 statement. A data: link: nothing to ask the server.
import { Link, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { CSV_TEMPLATE, CSV_TEMPLATE_FILE_NAME } from '../../../shared/trading/csvTemplate';

const HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_TEMPLATE)}`;

export function CsvTemplateLink() {
  return (
    <Stack gap="1">
      <Link href={HREF} download={CSV_TEMPLATE_FILE_NAME} colorPalette="purple" fontWeight="medium">
        <Download size={16} aria-hidden /> Download the CSV statement template
      </Link>
      <Text fontSize="sm" color="fg.muted">
        Use the CSV only when your platform is not MetaTrader: upload a MetaTrader 5 report or a
        MetaTrader 4 statement as the terminal saves it; fill the template from cTrader's or your
        broker's export otherwise.
      </Text>
    </Stack>
  );
}
