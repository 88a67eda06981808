import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { toast } from '@halcyon/shared-ui';
import { api, errorMessage, userSessionAtom, type UpdateProfileBody } from '@halcyon/api-client';

/** PATCH /user/profile; the answer replaces the session's profile. Resolves true on success. */
export function useSaveProfile(success: string, failure: string) {
  const setSession = useSetAtom(userSessionAtom);
  const [saving, setSaving] = useState(false);
  const save = async (body: UpdateProfileBody): Promise<boolean> => {
    setSaving(true);
    try {
      const res = await api.updateProfile({ body });
      setSession((s) => ({ ...s, user: res.data }));
      toast.success(success);
      return true;
    } catch (err) {
      toast.error(errorMessage(err, failure));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
