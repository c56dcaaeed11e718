import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { AssistantTest, AssistantTestForm, LessonForm } from '@chatdesk/contract/teaching';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const teachingKeys = {
  all: ['teaching'] as const,
  review: ['teaching', 'review'] as const,
  lessons: ['teaching', 'lessons'] as const,
  tests: ['teaching', 'tests'] as const,
};

export const reviewQueueQueryOptions = queryOptions({
  queryKey: teachingKeys.review,
  queryFn: ({ signal }) => apiCall(apiRoutes.teaching.reviewQueue, { signal }),
});

export const lessonsQueryOptions = queryOptions({
  queryKey: teachingKeys.lessons,
  queryFn: ({ signal }) => apiCall(apiRoutes.teaching.lessons, { signal }),
});

export const assistantTestsQueryOptions = queryOptions({
  queryKey: teachingKeys.tests,
  queryFn: ({ signal }) => apiCall(apiRoutes.teaching.tests, { signal }),
});

/** The conversations of the last days the assistant did not understand, or that came back, newest first. */
export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions);
}

export function useDismissReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiCall(apiRoutes.teaching.dismissReview, { params: { id: conversationId } }),
    meta: { success: 'Taken off the review queue', failure: 'Failed to dismiss the conversation' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.review }),
  });
}

export function useLessons() {
  return useQuery(lessonsQueryOptions);
}

/**
 * Adds a lesson (or changes one, with `id`). The answer carries the test set's run against the
 * assistant that now knows it, which the dialog shows, so there is no toast.
 */
export function useSaveLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LessonForm }) =>
      id
        ? apiCall(apiRoutes.teaching.updateLesson, { params: { id }, body })
        : apiCall(apiRoutes.teaching.createLesson, { body }),
    // A lesson taught from the queue takes its conversation off it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.all }),
  });
}

export function useRemoveLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.teaching.removeLesson, { params: { id } }),
    // A refusal is shown in the confirm dialog.
    meta: { success: 'Lesson removed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.lessons }),
  });
}

export function useAssistantTests() {
  return useQuery(assistantTestsQueryOptions);
}

export function useSaveAssistantTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AssistantTestForm }) =>
      id
        ? apiCall(apiRoutes.teaching.updateTest, { params: { id }, body })
        : apiCall(apiRoutes.teaching.createTest, { body }),
    meta: { success: (test: AssistantTest) => `Test "${test.name}" saved` },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.tests }),
  });
}

export function useRemoveAssistantTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.teaching.removeTest, { params: { id } }),
    meta: { success: 'Test removed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.tests }),
  });
}

/** Runs the whole test set against the assistant as it is now; the answer is shown where it was asked for. */
export function useRunAssistantTests() {
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.teaching.runTests),
  });
}
