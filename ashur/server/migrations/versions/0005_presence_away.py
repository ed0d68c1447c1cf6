"""presence and absences: the seats' websockets held by each server process (so that a seat connected to
another worker gets no "your move" notice), and a user's declared absence (pace clocks paused)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 03:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'presence',
        sa.Column('game_id', sa.String(length=24), nullable=False),
        sa.Column('role', sa.String(length=64), nullable=False),
        sa.Column('worker', sa.String(length=64), nullable=False),
        sa.Column('seen_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('game_id', 'role', 'worker'),
    )
    with op.batch_alter_table('presence', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_presence_worker'), ['worker'], unique=False)
        batch_op.create_index(batch_op.f('ix_presence_seen_at'), ['seen_at'], unique=False)
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('away_since', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('away_until', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('away_ended', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index(batch_op.f('ix_users_away_until'), ['away_until'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_users_away_until'))
        batch_op.drop_column('away_ended')
        batch_op.drop_column('away_until')
        batch_op.drop_column('away_since')
    with op.batch_alter_table('presence', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_presence_seen_at'))
        batch_op.drop_index(batch_op.f('ix_presence_worker'))
    op.drop_table('presence')
