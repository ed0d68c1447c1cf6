"""Routes of the account's upkeep (issue 15): password change, password reset by e-mail, account
deletion (:mod:`ashur.server.accounts_more` does the work)."""

from __future__ import annotations

import logging

from fastapi import BackgroundTasks, FastAPI, Request, Response
from pydantic import BaseModel, Field, StrictStr

from ashur.server import accounts, accounts_more, db, notify
from ashur.server.auth import client_of, current_user
from ashur.server.context import ServerContext
from ashur.server.schemas import LoginOut, Strict

log = logging.getLogger("ashur.server.accounts")


class PasswordChangeIn(Strict):
    old: StrictStr = Field(min_length=1, max_length=1000, description="the current password")
    new: StrictStr = Field(min_length=1, max_length=1000, description="8 to 200 characters")


class ResetIn(Strict):
    name_or_email: StrictStr = Field(min_length=1, max_length=300, description="an account's name or e-mail")


class ResetOut(BaseModel):
    status: str = Field(description="always the same sentence, whether an account matched or not")


class ResetConfirmIn(Strict):
    token: StrictStr = Field(min_length=1, max_length=300, description="the token of the mailed link")
    password: StrictStr = Field(min_length=1, max_length=1000, description="8 to 200 characters")


class DeleteIn(Strict):
    password: StrictStr = Field(min_length=1, max_length=1000, description="the current password")


RESET_ANSWER = "if an account with an e-mail address matches, a link to reset its password was sent"


def _send(mails: list[accounts_more.ResetMail]) -> None:
    """Send the reset mails (after the answer: its timing does not tell whether an account matched)."""
    try:
        smtp = notify.SmtpSettings.from_env()
    except notify.NotifyError as exc:
        log.error("password-reset mails are off: %s", exc)
        return
    for mail in mails:
        notify.send_reset(smtp, mail.to, mail.name, mail.url, mail.minutes, mail.lang)


def register(app: FastAPI, ctx: ServerContext) -> None:
    """Add the routes to `app`."""

    @app.post("/api/me/password", response_model=LoginOut, tags=["accounts"])
    def change_password(body: PasswordChangeIn, request: Request, response: Response) -> dict[str, str]:
        """Change the password (the old one confirms; wrong: 403, counted in the login limit). Every
        API token and every other session of the user ends; the answer carries a new token and a new
        session cookie."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
        user, token = accounts_more.change_password(ctx, caller.user, body.old, body.new, client_of(request))
        csrf = accounts.set_session_cookies(ctx, response, user)
        return {"token": token, "csrf": csrf}

    @app.post("/api/password-reset", status_code=202, response_model=ResetOut, tags=["accounts"])
    def password_reset(body: ResetIn, request: Request, background: BackgroundTasks) -> dict[str, str]:
        """Ask for a password-reset link by e-mail. Always 202 with the same answer (it never tells
        whether an account exists); at most ``ASHUR_RESET_LIMIT`` requests per client address and per
        name or address asked for within ``ASHUR_RESET_WINDOW`` seconds (429)."""
        mails = accounts_more.request_reset(ctx, body.name_or_email, client_of(request))
        if mails:
            background.add_task(_send, mails)
        return {"status": RESET_ANSWER}

    @app.post("/api/password-reset/confirm", status_code=204, tags=["accounts"])
    def password_reset_confirm(body: ResetConfirmIn) -> None:
        """Set a new password with the token of a reset link (once, before it expires; else 400). Every
        token and session of the account ends: log in with the new password."""
        accounts_more.confirm_reset(ctx, body.token, body.password)

    @app.delete("/api/me", status_code=204, tags=["accounts"])
    def delete_me(body: DeleteIn, request: Request, response: Response) -> None:
        """Delete the account (the password confirms; wrong: 403). Its personal data goes; its seats in
        games not finished are handed to a bot; see docs/server.md."""
        with db.read(ctx.engine) as s:
            caller = current_user(ctx, s, request)
            assert caller is not None
        accounts_more.delete_account(ctx, caller.user, body.password, client_of(request))
        response.delete_cookie(accounts.COOKIE, path="/")
        response.delete_cookie(accounts.CSRF_COOKIE, path="/")
