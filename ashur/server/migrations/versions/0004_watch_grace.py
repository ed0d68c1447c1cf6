"""spectators and abandoned clocks: whether a game may be watched, and the earliest moment an expired
clock's grace runs out (the sweep then hands the seat to a bot or ends the game as abandoned)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25 02:45:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('spectators', sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column('clock_grace_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_clock_grace_at'), ['clock_grace_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_clock_grace_at'))
        batch_op.drop_column('clock_grace_at')
        batch_op.drop_column('spectators')
