import { toast } from '@halcyon/shared-ui/toast';

/** The Copy button of Payment information: the address to the clipboard, with the spec's toasts. */
export async function copyAddress(address: string): Promise<void> {
  if (!address) {
    toast.error('No address to copy.');
    return;
  }
  try {
    await navigator.clipboard.writeText(address);
    toast.success('Address copied successfully!');
  } catch {
    toast.error('Could not copy: select the address and copy it by hand.');
  }
}
