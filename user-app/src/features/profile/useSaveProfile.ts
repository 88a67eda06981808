import { toast } from '@halcyon/shared-ui';
import { errorMessage, useApiMutation, type UpdateProfileBody } from '@halcyon/api-client';

/** PATCH /user/profile; every screen showing the profile reads it again. Resolves true on success. */
export function useSaveProfile(success: string, failure: string) {
  const update = useApiMutation('updateProfile', { invalidates: ['getProfile'] });
  const save = async (body: UpdateProfileBody): Promise<boolean> => {
    try {
      await update.mutateAsync({ input: { body } });
      toast.success(success);
      return true;
    } catch (err) {
      toast.error(errorMessage(err, failure));
      return false;
    }
  };
  return { save, saving: update.isPending };
}
