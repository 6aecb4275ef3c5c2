import type { ReactNode } from "react";
import type { TDataField } from "~/domain/template-schema";

/** What every field input takes. Without `onValueChange` the input is read-only (template previews). */
export type FieldInputProps = {
  field: TDataField;
  /** The input's DOM id; its label, hint and error ids are derived from it. */
  inputId: string;
  value: string;
  onValueChange?: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  organizationId: string;
  /** Shown beside the label, e.g. "Item level" in a template preview. */
  badge?: ReactNode;
};
