import type { Campaign, CreateCampaignInput, RunningCampaign, UpdateCampaignInput } from '@app/common';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation';
import { campaignsKeys } from '../keys';

// GET /api/superadmin/campaigns (admin, superadmin) - every campaign, the latest first day first
export async function getCampaigns(): Promise<Campaign[]> {
  const response = await apiClient.get<Campaign[]>('/superadmin/campaigns');
  return response.data;
}

export function campaignsQueryOptions() {
  return queryOptions({ queryKey: campaignsKeys.list(), queryFn: getCampaigns, staleTime: 60_000 });
}

export function useCampaigns({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...campaignsQueryOptions(), enabled });
}

// GET /api/user/campaigns (customer) - the campaigns running today for the customer's tier
export async function getRunningCampaigns(): Promise<RunningCampaign[]> {
  const response = await apiClient.get<RunningCampaign[]>('/user/campaigns');
  return response.data;
}

/**
 * The customer's running campaigns. The shop asks for them with its first data, so the banner's lines are drawn
 * with the screen rather than pushing it down when they arrive.
 */
export function runningCampaignsQueryOptions() {
  return queryOptions({ queryKey: campaignsKeys.running(), queryFn: getRunningCampaigns, staleTime: 5 * 60_000 });
}

export function useRunningCampaigns() {
  return useQuery(runningCampaignsQueryOptions());
}

// POST /api/superadmin/campaigns (superadmin) - 201 the campaign
export async function createCampaign(input: CreateCampaignInput): Promise<Campaign> {
  const response = await apiClient.post<Campaign>('/superadmin/campaigns', input);
  return response.data;
}

// PATCH /api/superadmin/campaigns/{id} (superadmin) - the campaign as changed
export async function updateCampaign({ id, input }: { id: string; input: UpdateCampaignInput }): Promise<Campaign> {
  const response = await apiClient.patch<Campaign>(`/superadmin/campaigns/${id}`, input);
  return response.data;
}

// DELETE /api/superadmin/campaigns/{id} (superadmin) - { message, _id }
export async function deleteCampaign(id: string): Promise<Deleted> {
  const response = await apiClient.delete<Deleted>(`/superadmin/campaigns/${id}`);
  return response.data;
}

/** What DELETE answers. */
type Deleted = { message: string; _id: string };

/** Every change of a campaign makes the list (and the add-bill preview that reads it) stale. */
const refreshCampaigns = (_result: unknown, _input: unknown, queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: campaignsKeys.all });

export function useCreateCampaign({ mutationConfig }: { mutationConfig?: MutationConfig<Campaign, CreateCampaignInput> } = {}) {
  return useApiMutation({ mutationFn: createCampaign, onSuccess: refreshCampaigns, mutationConfig });
}

export function useUpdateCampaign({
  mutationConfig,
}: { mutationConfig?: MutationConfig<Campaign, { id: string; input: UpdateCampaignInput }> } = {}) {
  return useApiMutation({ mutationFn: updateCampaign, onSuccess: refreshCampaigns, mutationConfig });
}

export function useDeleteCampaign({ mutationConfig }: { mutationConfig?: MutationConfig<Deleted, string> } = {}) {
  return useApiMutation({ mutationFn: deleteCampaign, onSuccess: refreshCampaigns, mutationConfig });
}
