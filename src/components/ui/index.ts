export { ActionButton } from "./ActionButton";
export { Alert, type AlertVariant } from "./Alert";
export { Button, ButtonLink, buttonClasses, type ButtonProps, type ButtonVariant } from "./Button";
export { Card, cardClasses } from "./Card";
export { EmptyState } from "./EmptyState";
export { FiltersDisclosure } from "./FiltersDisclosure";
export { FormActions, type FormActionsProps } from "./FormActions";
export {
  Checkbox,
  FieldError,
  FileField,
  PasswordField,
  Select,
  TextField,
  Textarea,
  errorClasses,
  hintClasses,
  labelClasses,
  type SelectOption,
} from "./fields";
export { ListSkeleton, Skeleton, type SkeletonShape } from "./ListSkeleton";
export { LoadMore } from "./LoadMore";
export { PhotoThumbnails, type Photo } from "./PhotoThumbnails";
export { Spinner } from "./Spinner";
export { TextLink, textLinkClasses } from "./TextLink";
export {
  ToastProvider,
  useToast,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  type ToastOptions,
  type ToastVariant,
} from "./Toast";
