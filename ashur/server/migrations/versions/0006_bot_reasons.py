"""bot reasons: the one-line reason a bot seat gave for each of its actions (``actions.note``), and who may
read them (``games.bot_reasons``: ``open`` for every seat during the game, ``after`` once it is finished)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 03:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('note', sa.Text(), nullable=True))
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot_reasons', sa.String(length=8), nullable=False, server_default='after'))


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('bot_reasons')
    with op.batch_alter_table('actions', schema=None) as batch_op:
        batch_op.drop_column('note')
