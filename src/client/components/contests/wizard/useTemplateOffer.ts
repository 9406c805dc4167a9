// Choosing a category that has a rules template offers it in a toast (SPEC 2.6, 2.18): 'Use
// Template' fills the detailed description, then 'Template loaded'.
import { useFormikContext } from 'formik';
import { CATEGORY_LABELS, type ContestCategory } from '../../../../shared/contests';
import { toaster, toastSuccess } from '../../../lib/toaster';
import type { WizardValues } from './formValues';
import { descriptionTemplate } from './templates';
import type { WizardVariant } from './variants';

export function useTemplateOffer(variant: WizardVariant): (category: string) => void {
  const { setFieldValue, values } = useFormikContext<WizardValues>();
  return (category) => {
    if (!variant.templateCategories.includes(category as ContestCategory)) return;
    const template = descriptionTemplate(category, values.title);
    if (!template) return;
    toaster.create({
      type: 'info',
      title: `${CATEGORY_LABELS[category as ContestCategory]} rules template`,
      description: 'Start the detailed description from a ready-made rules template?',
      closable: true,
      action: {
        label: 'Use Template',
        onClick: () => {
          void setFieldValue('description', template);
          toastSuccess('Template loaded', 'The detailed description now holds the rules template.');
        },
      },
    });
  };
}
