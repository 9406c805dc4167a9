// Choosing a category that has a rules template offers it inline, under the category (SPEC 2.6,
// 2.18 offered it in a toast, which sat over the Next button for 5 s and then was gone): 'Use
// Template' fills the detailed description, then 'Template loaded'. Both wizards offer every
// template there is (gaming, forex, academic).
import { useFormikContext } from 'formik';
import { useState } from 'react';
import { CATEGORY_LABELS, type ContestCategory } from '../../../../shared/contests';
import { toastSuccess } from '../../../lib/toaster';
import type { WizardValues } from './formValues';
import { descriptionTemplate } from './templates';

export interface TemplateOffer {
  /** The category whose template is on offer, with its label ('Gaming'); null when none is. */
  offered: { category: ContestCategory; label: string } | null;
  /** Whether taking it would replace a description already written. */
  replaces: boolean;
  /** Called when the category changes: offers its template, if it has one. */
  offerFor: (category: string) => void;
  accept: () => void;
  dismiss: () => void;
}

export function useTemplateOffer(): TemplateOffer {
  const { setFieldValue, values } = useFormikContext<WizardValues>();
  const [category, setCategory] = useState<ContestCategory | null>(null);
  return {
    offered: category ? { category, label: CATEGORY_LABELS[category] } : null,
    replaces: values.description.trim() !== '',
    offerFor: (next) =>
      setCategory(descriptionTemplate(next, '') ? (next as ContestCategory) : null),
    accept: () => {
      if (!category) return;
      void setFieldValue('description', descriptionTemplate(category, values.title) ?? '');
      setCategory(null);
      toastSuccess('Template loaded', 'The detailed description now holds the rules template.');
    },
    dismiss: () => setCategory(null),
  };
}
