// Chakra's Field (Ark) names its error text with aria-errormessage only, which most screen
// readers do not read; aria-describedby is. One hook gives a field's helper and error texts known
// ids, and the control the aria-describedby naming whichever of them is shown.
import { useId } from 'react';

export function useFieldDescription({ invalid, helper }: { invalid: boolean; helper: boolean }) {
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  const describedBy = invalid ? ids.errorText : helper ? ids.helperText : undefined;
  return { ids, describedBy };
}
