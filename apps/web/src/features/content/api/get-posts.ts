import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostType, WpPost, WpPostWithNeighbours } from '@spesa/shared/contracts/content';
import { callWp } from '../../../lib/wp-http';

/** What the recipes list asks: a course, the filters (difficolta:facile,vegetariana:si), a page. */
export interface PostListQuery {
  term?: string | undefined;
  filters?: string | undefined;
  page: number;
}

/** A page of a type's posts, with how many posts match and on how many pages (X-WP-Total, X-WP-TotalPages). */
export interface PostPage {
  posts: WpPost[];
  total: number;
  totalPages: number;
}

/** GET /p/wp-json/spesa/v1/posts/:type: a type's posts as WordPress lists them, newest first, 10 per page. */
export const getPosts = (type: PostType, q: PostListQuery, signal?: AbortSignal): Promise<PostPage> =>
  callWp(
    'GET /p/wp-json/spesa/v1/posts/:type',
    {
      params: { type },
      query: {
        page: q.page,
        ...(q.term ? { term: q.term } : {}),
        ...(q.filters ? { filters: q.filters } : {}),
      },
    },
    { signal },
  ).then(({ data, total, totalPages }) => ({ posts: data, total, totalPages }));

export const usePosts = (type: PostType, q: PostListQuery) =>
  useQuery({
    queryKey: ['content', 'posts', type, q],
    queryFn: ({ signal }) => getPosts(type, q, signal),
    placeholderData: keepPreviousData,
  });

/** GET /p/wp-json/spesa/v1/posts/:type/:slug: one post with its neighbours (an unknown slug: not found). */
export const getPost = (type: PostType, slug: string, signal?: AbortSignal): Promise<WpPostWithNeighbours> =>
  callWp('GET /p/wp-json/spesa/v1/posts/:type/:slug', { params: { type, slug } }, { signal }).then(
    ({ data }) => data,
  );

export const postQueryOptions = (type: PostType, slug: string) =>
  queryOptions({
    queryKey: ['content', 'post', type, slug],
    queryFn: ({ signal }) => getPost(type, slug, signal),
  });

export const usePost = (type: PostType, slug: string, enabled = true) =>
  useQuery({ ...postQueryOptions(type, slug), enabled });
