import { toast } from '@halcyon/shared-ui/toast';

/** Puts `text` on the clipboard: `copied` as a success toast, else an error saying to copy `what` by hand. */
export async function copyText(text: string, copied: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(`Could not copy the ${what}; select it and copy it by hand.`);
  }
}
