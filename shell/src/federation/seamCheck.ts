import { registerPlugins, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { SEAM_VERSION } from '@halcyon/seam';

const SEAM_PACKAGE = '@halcyon/seam';

/** A remote built for a seam this page does not provide: refused before any of its code runs. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';

  constructor(
    readonly remote: string,
    readonly required: string | null,
  ) {
    super(
      required
        ? `${remote} was released for version ${required} of the page's interface, and this page has ${SEAM_VERSION}.`
        : `${remote} was released for an interface this page does not have (it declares no version of ${SEAM_VERSION.split('.')[0]}.x).`,
    );
  }
}

export const isIncompatibleRemote = (error: unknown): error is IncompatibleRemoteError =>
  error instanceof Error && error.name === 'IncompatibleRemoteError';

interface ManifestShared {
  name?: unknown;
  requiredVersion?: unknown;
}

/** The seam version a remote's manifest asks for (its requiredVersion of @halcyon/seam), or null. */
export function requiredSeam(manifest: unknown): string | null {
  const shared = (manifest as { shared?: unknown } | null)?.shared;
  if (!Array.isArray(shared)) return null;
  const entry = (shared as ManifestShared[]).find((s) => s.name === SEAM_PACKAGE);
  return typeof entry?.requiredVersion === 'string' ? entry.requiredVersion : null;
}

/**
 * Checks each remote's manifest, as the federation runtime reads it, against this page's seam
 * (@halcyon/seam's version): a remote asking for another major (or for none) is refused with an
 * error the shell's panel explains, instead of running against state it does not understand.
 */
export const seamCheckPlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'halcyon-seam-check',
  loadRemoteSnapshot(args) {
    if (args.from !== 'manifest') return args;
    const required = requiredSeam(args.manifestJson);
    if (!required || !satisfy(SEAM_VERSION, required)) throw new IncompatibleRemoteError(args.moduleInfo.name, required);
    return args;
  },
});

/** Adds the check to the page's federation runtime; call before any remote loads. */
export function registerSeamCheck(): void {
  registerPlugins([seamCheckPlugin()]);
}
