export { SecurityPanels, type SecurityPanelsProps, type SessionView, type SignInView, type ReadView } from './security/SecurityPanels';
export { useAccountSecurity } from './security/useAccountSecurity';
export { type TwoFactorView } from './security/TwoFactorPanel';
export { type PasskeysView, type PasskeyRow } from './security/PasskeysPanel';
export { type IdentityProof } from './security/IdentityProof';
export { TraderCard, type TraderCardProps, type TraderFigures } from './TraderCard';
export { ExportButton } from './ExportButton';
