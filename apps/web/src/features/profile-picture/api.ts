import { OkResponse, ProfilePictureResult, type AccountInfo } from '@trove/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.tsx';
import { accountKeys } from '../auth/api.ts';

/** The account info with another picture, so every avatar shows it without a refetch. */
function usePictureSetter() {
  const queryClient = useQueryClient();
  return (picture: string | null) => {
    queryClient.setQueryData<AccountInfo>(accountKeys.info(), (account) =>
      account ? { ...account, profile_picture: picture } : account,
    );
  };
}

/**
 * POST /st/4/profile/picture?path=profile.jpg (spec 001 §7, 201): the cropped picture as
 * the multipart part `file`; the answer's signed URL becomes account_info.profile_picture.
 */
export function useSetPictureMutation() {
  const api = useApi();
  const setPicture = usePictureSetter();
  return useMutation({
    mutationFn: (picture: Blob) => {
      const form = new FormData();
      form.append('file', picture, 'profile.jpg');
      return api.app('/profile/picture', ProfilePictureResult, {
        method: 'POST',
        query: { path: 'profile.jpg' },
        form,
      });
    },
    onSuccess: (result) => {
      setPicture(result.profile_picture);
    },
  });
}

/** DELETE /st/4/profile/picture: the account shows its initials again. */
export function useDeletePictureMutation() {
  const api = useApi();
  const setPicture = usePictureSetter();
  return useMutation({
    mutationFn: () => api.app('/profile/picture', OkResponse, { method: 'DELETE' }),
    onSuccess: () => {
      setPicture(null);
    },
  });
}
