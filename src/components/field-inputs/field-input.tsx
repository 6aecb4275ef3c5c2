import type { FieldInputProps } from "~/components/field-inputs/field-input-props";
import { FileFieldInput } from "~/components/field-inputs/file-field-input";
import { NumericFieldInput } from "~/components/field-inputs/numeric-field-input";
import { PassportLinkInput } from "~/components/field-inputs/passport-link-input";
import { TextFieldInput } from "~/components/field-inputs/text-field-input";

/** The input for a data field's type. */
export function FieldInput(props: FieldInputProps) {
  switch (props.field.type) {
    case "TextField":
      return <TextFieldInput {...props} />;
    case "NumericField":
      return <NumericFieldInput {...props} />;
    case "ProductPassportLink":
      return <PassportLinkInput {...props} />;
    case "FileField":
      return <FileFieldInput {...props} />;
  }
}
