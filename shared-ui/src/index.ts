export { theme, type Theme } from './theme';
export { ThemeScope } from './ThemeScope';
export { GlobalStyle } from './GlobalStyle';
export { visuallyHidden, focusRing } from './a11y';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button';
export { Spinner, Loading, type SpinnerProps } from './Spinner';
export { Input, type InputProps } from './input/Input';
export { Select, type SelectProps, type SelectOption } from './input/Select';
export { Checkbox, type CheckboxProps } from './input/Checkbox';
export {
  validateField,
  isValidEmail,
  REQUIRED_MESSAGE,
  EMAIL_MESSAGE,
  PHONE_MESSAGE,
  type FieldType,
} from './input/validation';
export { countries, type Country } from './input/countries';
export { type PhoneRule } from './input/phone';
// The toasts are their own entry, @halcyon/shared-ui/toast (a federation singleton).
export { Logo, type LogoProps } from './Logo';
export { SkipLink } from './SkipLink';
export { Footer, footerText, type FooterProps } from './Footer';
export { formatCompact, formatCount, formatMoney, formatUsd, formatDate, formatDateTime, formatMonth, formatHours, methodLabel, capitalize, winRateTone } from './format';
export { Table, NO_DATA_MESSAGE, type TableProps } from './table/Table';
export { type TableColumn, type ColumnKind } from './table/cells';
export { SearchBox, LoadMore, type SearchBoxProps, type LoadMoreProps } from './table/SearchBox';
export { StatusBadge, statusTone, type StatusTone } from './StatusBadge';
export { Modal, ConfirmDialog, type ModalProps, type ConfirmDialogProps } from './Modal';
export { Card, type CardProps } from './Card';
export { ListCard, Facts, type ListCardProps } from './ListCard';
export { Dropdown, type DropdownProps } from './Dropdown';
export { EmptyState, ErrorState, type ErrorStateProps } from './States';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { Page, NarrowPage, Heading, SectionTitle, Panel, Grid, FormGrid, FullRow, FormStack, Row, Muted, Figure, FigurePending, pill } from './layout';
export { Tabs, type TabsProps, type TabItem } from './Tabs';
export { useOutsideClick } from './hooks/useOutsideClick';
export { useMediaQuery } from './hooks/useMediaQuery';
export { StandaloneRemote, type StandaloneRemoteProps } from './standalone/StandaloneRemote';
