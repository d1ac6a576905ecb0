"""Drives holder-git's linkding API with aiolinkding, the linkding client on PyPI.

APIClientTests runs it with the venv scripts/setup --test makes (.build/test-python), one
command per run, against the app on 127.0.0.1: HOLDER_API_URL is the app's address,
HOLDER_API_TOKEN the token. Each run prints one JSON object: what the client got back, or
{"error": the exception's class, "message": its text}.
"""

import asyncio
import json
import os
import sys

from aiohttp import ClientSession, ClientTimeout
from aiolinkding import async_get_client
from aiolinkding.errors import LinkDingError


async def every_page(fetch, limit):
    """Follows the pages as a client pages: offset by offset until `next` is null."""
    offset, pages, results = 0, 0, []
    while True:
        page = await fetch(limit=limit, offset=offset)
        pages += 1
        results += page["results"]
        if page["next"] is None:
            return {"count": page["count"], "pages": pages, "results": results}
        offset += limit


async def run(client, command, args):
    if command == "list":
        return await every_page(client.bookmarks.async_get_all, int(args[0]))
    if command == "search":
        return await client.bookmarks.async_get_all(query=args[0])
    if command == "archived":
        return await client.bookmarks.async_get_archived()
    if command == "single":
        return await client.bookmarks.async_get_single(int(args[0]))
    if command == "check":
        return await client.async_request(
            "get", "/api/bookmarks/check/", params={"url": args[0]}
        )
    if command == "create":
        return await client.bookmarks.async_create(
            args[0], tag_names=args[1:] or None
        )
    if command == "create-unread":
        return await client.bookmarks.async_create(
            args[0], title=args[1], notes=args[2], unread=True
        )
    if command == "patch":
        return await client.bookmarks.async_update(
            int(args[0]), title=args[1], notes=args[2], tag_names=args[3:] or None
        )
    if command == "put":
        # aiolinkding updates with PATCH; a PUT goes through its request method.
        return await client.async_request(
            "put",
            f"/api/bookmarks/{args[0]}/",
            json={"url": args[1], "title": args[2], "tag_names": args[3:]},
        )
    if command == "archive":
        await client.bookmarks.async_archive(int(args[0]))
        return await client.bookmarks.async_get_single(int(args[0]))
    if command == "delete":
        # aiolinkding returns nothing for linkding's 204.
        await client.bookmarks.async_delete(int(args[0]))
        return {"deleted": int(args[0])}
    if command == "tags":
        return await every_page(client.tags.async_get_all, int(args[0]))
    if command == "tag":
        return await client.tags.async_get_single(int(args[0]))
    if command == "tag-create":
        return await client.tags.async_create(args[0])
    if command == "tag-create-named":
        # aiolinkding 2025.2.0 sends {"example": name}; linkding's field is "name".
        return await client.async_request("post", "/api/tags/", json={"name": args[0]})
    if command == "profile":
        return await client.user.async_get_profile()
    raise SystemExit(f"unknown command {command}")


async def main():
    command, args = sys.argv[1], sys.argv[2:]
    async with ClientSession(timeout=ClientTimeout(total=30)) as session:
        try:
            # The entry point aiolinkding's users call: it asks /health for the linkding
            # version first and refuses a server older than the API it speaks.
            client = await async_get_client(
                os.environ["HOLDER_API_URL"], os.environ["HOLDER_API_TOKEN"], session=session
            )
            answer = await run(client, command, args)
        except LinkDingError as error:
            answer = {"error": type(error).__name__, "message": str(error)}
    print(json.dumps(answer, ensure_ascii=False))


asyncio.run(main())
