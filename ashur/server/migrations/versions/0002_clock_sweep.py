"""clock sweep and caches: the pending expiry of a game's clocks, the expiry last handled, revisions of
clocks, seats and undos

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24 19:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('clock_expires_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('clock_expiry_done', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('clock_rev', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('seat_rev', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('undo_rev', sa.Integer(), nullable=False, server_default='0'))
        batch_op.create_index(batch_op.f('ix_games_clock_expires_at'), ['clock_expires_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_clock_expires_at'))
        batch_op.drop_column('undo_rev')
        batch_op.drop_column('seat_rev')
        batch_op.drop_column('clock_rev')
        batch_op.drop_column('clock_expiry_done')
        batch_op.drop_column('clock_expires_at')
