"""Alembic environment: migrations run on the connection :func:`ashur.server.db.migrate` hands in."""

from alembic import context
from sqlalchemy import create_engine

from ashur.server.models import Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # run from the alembic command line
    with create_engine(config.get_main_option("sqlalchemy.url")).begin() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=True)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    context.run_migrations()
